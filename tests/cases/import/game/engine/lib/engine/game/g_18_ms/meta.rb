# frozen_string_literal: true

# A small stand-in for 18MS (the title's name picks the import's 18MS adapter): its phases,
# changed in code, its trains, MC and M&O, two corporations on a few hexes.
module Engine
  module Game
    module G18MS
      module Meta
        include Game::Meta

        GAME_TITLE = '18MS'
        PLAYER_RANGE = [2, 4].freeze
      end
    end
  end
end
