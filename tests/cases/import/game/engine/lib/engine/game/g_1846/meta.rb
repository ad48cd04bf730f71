# frozen_string_literal: true

# A small stand-in for 1846 (the title's name picks the import's 1846 adapter): 1846's
# companies, minors and corporations with their homes, on a few hexes of its map.
module Engine
  module Game
    module G1846
      module Meta
        include Game::Meta

        GAME_TITLE = '1846'
        PLAYER_RANGE = [2, 5].freeze
      end
    end
  end
end
