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

        HOME_TOKEN_TIMING = :operate

        FIRST_OR_TILE_LAYS = [{ lay: true, upgrade: true }, { lay: true, upgrade: :not_if_upgraded }].freeze

        PHASES = [
          { name: '2', train_limit: 3, tiles: [:yellow], operating_rounds: 2 },
          { name: '3', train_limit: 3, tiles: %i[yellow green], operating_rounds: 2 },
          { name: '6', train_limit: 3, tiles: %i[yellow green brown], operating_rounds: 2 },
          { name: 'D', train_limit: 3, tiles: %i[yellow green brown gray], operating_rounds: 2 },
        ].freeze

        TRAINS = [
          { name: '2+', distance: 2, price: 80, num: 5 },
          { name: '6', distance: 6, price: 550, num: 2 },
          { name: '2D', distance: 2, price: 500, num: 4 },
        ].freeze

        def new_operating_round(round_num = 1)
          @or += 1
          @phase.next! if @or == 2
          super
        end

        def or_round_finished
          @recently_floated = []
        end

        def float_corporation(corporation)
          @recently_floated << corporation
          super
        end

        def tile_lays(entity)
          return super unless @recently_floated.include?(entity)

          FIRST_OR_TILE_LAYS
        end
      end
    end
  end
end
