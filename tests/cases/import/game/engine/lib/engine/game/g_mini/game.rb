# frozen_string_literal: true

require_relative 'meta'
require_relative 'map'
require_relative 'entities'

module Engine
  module Game
    module GMini
      class Game < Game::Base
        include_meta(GMini::Meta)
        include Entities
        include Map

        HOME_TOKEN_TIMING = :operate

        TILE_LAYS = [{ lay: true, upgrade: true }, { lay: true, upgrade: :not_if_upgraded }].freeze

        PHASES = [
          { name: '2', train_limit: 4, tiles: [:yellow], operating_rounds: 1 },
          { name: '3', on: '3', train_limit: 4, tiles: %i[yellow green], operating_rounds: 2 },
        ].freeze

        TRAINS = [
          { name: '2', distance: 2, price: 80, num: 4 },
          { name: '3', distance: 3, price: 180, num: 3, events: [{ 'type' => 'close_companies' }] },
        ].freeze
      end
    end
  end
end
