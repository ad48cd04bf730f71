# frozen_string_literal: true

# A small stand-in for 18 Los Angeles 2, the game the first edition (18 Los Angeles) derives
# from: its companies, corporations and minors on a few hexes of its map, on 1846's code.
module Engine
  module Game
    module G18LosAngeles
      module Meta
        include Game::Meta

        GAME_TITLE = '18 Los Angeles 2'
        PLAYER_RANGE = [2, 5].freeze
      end
    end
  end
end
