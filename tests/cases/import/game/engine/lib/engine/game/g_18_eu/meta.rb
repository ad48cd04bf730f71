# frozen_string_literal: true

# A small stand-in for 18EU (the title's name picks the import's 18EU adapter): two minors
# sharing a hex of two cities, one more minor, one corporation, the neutral token's hex G2.
module Engine
  module Game
    module G18EU
      module Meta
        include Game::Meta

        GAME_TITLE = '18EU'
        PLAYER_RANGE = [2, 2].freeze
      end
    end
  end
end
