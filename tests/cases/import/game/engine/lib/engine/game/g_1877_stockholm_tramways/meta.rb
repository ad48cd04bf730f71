# frozen_string_literal: true

# A small stand-in for 1877: Stockholm Tramways (the title's name picks the import's adapter):
# two corporations, one of them with a token in the other's hex of two cities.
module Engine
  module Game
    module G1877StockholmTramways
      module Meta
        include Game::Meta

        GAME_TITLE = '1877: Stockholm Tramways'
        PLAYER_RANGE = [2, 2].freeze
      end
    end
  end
end
