# frozen_string_literal: true

# A small stand-in for 18MS (the title's name picks the import's 18MS adapter): phases without an
# `on` train, started in code, and two lays for a company in its first operating round.
module Engine
  module Game
    module G18MS
      module Meta
        include Game::Meta

        GAME_TITLE = '18MS'
        PLAYER_RANGE = [2, 2].freeze
      end
    end
  end
end
