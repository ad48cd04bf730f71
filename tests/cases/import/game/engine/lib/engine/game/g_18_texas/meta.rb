# frozen_string_literal: true

# A small stand-in for 18Texas (the title's name picks the import's adapter): the shares its privates carry (of the
# corporation the first random number picks: seed 1, T&P) counting towards the float.
module Engine
  module Game
    module G18Texas
      module Meta
        include Game::Meta

        GAME_TITLE = '18Texas'
        PLAYER_RANGE = [2, 2].freeze
      end
    end
  end
end
