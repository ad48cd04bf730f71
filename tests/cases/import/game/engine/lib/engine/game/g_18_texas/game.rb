# frozen_string_literal: true

require_relative 'meta'
require_relative 'map'
require_relative 'entities'

module Engine
  module Game
    module G18Texas
      class Game < Game::Base
        include_meta(G18Texas::Meta)
        include Entities
        include Map

        HOME_TOKEN_TIMING = :float

        PHASES = [{ name: '2', train_limit: 4, tiles: [:yellow], operating_rounds: 1 }].freeze

        TRAINS = [{ name: '2', distance: 2, price: 100, num: 4 }].freeze
      end
    end
  end
end
