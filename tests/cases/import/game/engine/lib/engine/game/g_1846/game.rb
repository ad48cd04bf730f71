# frozen_string_literal: true

require_relative 'meta'
require_relative 'map'
require_relative 'entities'

module Engine
  module Game
    module G1846
      class Game < Game::Base
        include_meta(G1846::Meta)
        include Entities
        include Map

        HOME_TOKEN_TIMING = :float

        PHASES = [
          { name: 'I', train_limit: 4, tiles: [:yellow], operating_rounds: 2 },
          { name: 'II', on: '4', train_limit: 4, tiles: %i[yellow green], operating_rounds: 2 },
          { name: 'III', on: '5', train_limit: 3, tiles: %i[yellow green brown], operating_rounds: 2 },
        ].freeze

        TRAINS = [
          { name: '2', distance: 2, price: 80 },
          { name: '4', distance: 4, price: 180 },
          { name: '5', distance: 5, price: 500, events: [{ 'type' => 'close_companies' }] },
        ].freeze
      end
    end
  end
end
