# frozen_string_literal: true

# A title of our own for the game-import tests: a few hexes, two corporations, one private.
module Engine
  module Game
    module GMini
      module Meta
        include Game::Meta

        GAME_TITLE = 'Mini'
        PLAYER_RANGE = [2, 2].freeze
      end
    end
  end
end
