# frozen_string_literal: true

require_relative 'meta'
require_relative 'map'
require_relative 'entities'

module Engine
  module Game
    module G1882
      class Game < Game::Base
        include_meta(G1882::Meta)
        include Entities
        include Map

        PHASES = [
          { name: '2', train_limit: 4, tiles: [:yellow], operating_rounds: 1 },
          { name: '5', on: '5', train_limit: 2, tiles: %i[yellow green], operating_rounds: 2 },
          { name: '6', on: '6', train_limit: 2, tiles: %i[yellow green], operating_rounds: 2 },
        ].freeze

        TRAINS = [
          { name: '2', distance: 2, price: 80, num: 4 },
          { name: '5', distance: 5, price: 500, num: 2, events: [{ 'type' => 'close_companies' }] },
          { name: '6', distance: 6, price: 600, num: 2 },
        ].freeze
      end
    end
  end
end
