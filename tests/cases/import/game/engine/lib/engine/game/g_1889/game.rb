# frozen_string_literal: true

require_relative 'meta'
require_relative 'map'
require_relative 'entities'

module Engine
  module Game
    module G1889
      class Game < Game::Base
        include_meta(G1889::Meta)
        include Entities
        include Map

        HOME_TOKEN_TIMING = :operate

        PHASES = [
          { name: '2', train_limit: 4, tiles: [:yellow], operating_rounds: 1 },
        ].freeze

        TRAINS = [{ name: '2', distance: 2, price: 80, num: 4 }].freeze

        def optional_tiles
          remove_beginner_tiles unless beginner_game?
        end

        def beginner_game?
          @optional_rules.include?(:beginner_game)
        end

        def remove_beginner_tiles
          @tiles.reject! { |tile| tile.id.start_with?('Beg') }
          @all_tiles.reject! { |tile| tile.id.start_with?('Beg') }
        end
      end
    end
  end
end
