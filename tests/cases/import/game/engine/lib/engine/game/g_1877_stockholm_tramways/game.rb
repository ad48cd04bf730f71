# frozen_string_literal: true

require_relative 'meta'
require_relative 'map'
require_relative 'entities'

module Engine
  module Game
    module G1877StockholmTramways
      class Game < Game::Base
        include_meta(G1877StockholmTramways::Meta)
        include Entities
        include Map

        HOME_TOKEN_TIMING = :operate

        PHASES = [{ name: '2', train_limit: 4, tiles: [:yellow], operating_rounds: 1 }].freeze

        TRAINS = [{ name: '2', distance: 2, price: 80, num: 4 }].freeze
      end
    end
  end
end
