# frozen_string_literal: true

require_relative 'meta'
require_relative 'map'
require_relative 'entities'

module Engine
  module Game
    module G1844
      class Game < Game::Base
        include_meta(G1844::Meta)
        include Entities
        include Map

        PHASES = [
          { name: '1', train_limit: 4, tiles: [:yellow], operating_rounds: 1 },
          { name: '6', on: '6', train_limit: 2, tiles: %i[yellow green brown], operating_rounds: 3 },
        ].freeze

        TRAINS = [
          { name: '2', distance: 2, price: 100 },
          { name: '5', distance: 5, price: 450, events: [{ 'type' => 'sbb_formation' }] },
          { name: '6', distance: 6, price: 600, events: [{ 'type' => 'close_companies' }] },
        ].freeze
      end
    end
  end
end
