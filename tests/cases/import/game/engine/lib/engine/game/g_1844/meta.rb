# frozen_string_literal: true

# A small stand-in for 1844 (the title's name picks the import's 1844 adapter): a mountain
# railway, P4 and the hexes of its overpass tiles.
module Engine
  module Game
    module G1844
      module Meta
        include Game::Meta

        GAME_TITLE = '1844'
        PLAYER_RANGE = [2, 2].freeze
      end
    end
  end
end
