# frozen_string_literal: true

# A small stand-in for 18 Los Angeles (the first edition): the second edition's code, with its
# own companies and corporations made in code (game_companies, game_corporations).
module Engine
  module Game
    module G18LosAngeles1
      module Meta
        include Game::Meta

        GAME_TITLE = '18 Los Angeles'
        PLAYER_RANGE = [2, 5].freeze
      end
    end
  end
end
