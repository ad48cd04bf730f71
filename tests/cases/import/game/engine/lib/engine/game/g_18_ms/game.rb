# frozen_string_literal: true

require_relative 'meta'
require_relative 'map'
require_relative 'entities'

module Engine
  module Game
    module G18MS
      class Game < Game::Base
        include_meta(G18MS::Meta)
        include Entities
        include Map

        PHASES = [
          { name: '2', train_limit: 3, tiles: [:yellow], operating_rounds: 2 },
          { name: '3', train_limit: 3, tiles: %i[yellow green], operating_rounds: 2 },
          { name: '6', train_limit: 3, tiles: %i[yellow green brown], operating_rounds: 2 },
          { name: 'D', train_limit: 3, tiles: %i[yellow green brown gray], operating_rounds: 2 },
        ].freeze

        TRAINS = [
          { name: '2+', distance: 2, price: 80, num: 5 },
          { name: '3+', distance: 3, price: 180, num: 4 },
          { name: '4+', distance: 4, price: 300, num: 3 },
          { name: '6', distance: 6, price: 550, num: 2, events: [{ 'type' => 'close_companies' }] },
          { name: '2D', distance: 2, multiplier: 2, price: 500, num: 4, available_on: '6' },
        ].freeze
      end
    end
  end
end
