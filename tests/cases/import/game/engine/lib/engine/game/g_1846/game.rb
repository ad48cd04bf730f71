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

        STARTING_CASH = { 2 => 600, 3 => 400, 4 => 400, 5 => 400 }.freeze

        MARKET = [
          %w[0c 10 20 30
             40p 50p 60p 70p 80p 90p 100p 112p 124p 137p 150p
             165 180 195 212 230 250 270 295 320 345 375 405 440 475 510 550],
           ].freeze

        PHASES = [
          { name: 'I', train_limit: 4, tiles: [:yellow], operating_rounds: 2 },
          { name: 'II', on: '4', train_limit: 4, tiles: %i[yellow green], operating_rounds: 2 },
          { name: 'III', on: '5', train_limit: 3, tiles: %i[yellow green brown], operating_rounds: 2 },
        ].freeze

        TRAINS = [
          { name: '2', distance: 2, price: 80, num: 3 },
          { name: '4', distance: 4, price: 180 },
          { name: '5', distance: 5, price: 500, events: [{ 'type' => 'close_companies' }] },
        ].freeze
      end
    end
  end
end
