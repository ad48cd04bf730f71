# frozen_string_literal: true

require_relative 'meta'
require_relative 'map'
require_relative 'entities'

module Engine
  module Game
    module G1848
      class Game < Game::Base
        include_meta(G1848::Meta)
        include Entities
        include Map

        HOME_TOKEN_TIMING = :operate

        CAPITALIZATION = :full

        BOE_ROW = 2

        MARKET = [
          %w[0c 40p 50p 60 70 80 90 100p 110],
          %w[0c 30 40 50 60 100p 110],
          %w[70r 80r 90r 100r],
        ].freeze

        PHASES = [
          { name: '2', train_limit: 4, tiles: [:yellow], operating_rounds: 1 },
          { name: '5', on: '5', train_limit: 2, tiles: %i[yellow green], operating_rounds: 2 },
        ].freeze

        TRAINS = [
          { name: '2', distance: 2, price: 100, num: 4 },
          { name: '5', distance: 5, price: 500, num: 3, events: [{ 'type' => 'close_companies' }] },
        ].freeze
      end
    end
  end
end
