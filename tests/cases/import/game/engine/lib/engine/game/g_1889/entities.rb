# frozen_string_literal: true

module Engine
  module Game
    module G1889
      module Entities
        COMPANIES = [
          {
            name: 'Mitsubishi Ferry',
            sym: 'MF',
            value: 30,
            revenue: 5,
            abilities: [
              {
                type: 'tile_lay',
                when: %w[stock_round owning_player_track or_between_turns],
                hexes: %w[D4],
                tiles: ['8'],
                owner_type: 'player',
                count: 1,
              },
            ],
          },
        ].freeze

        CORPORATIONS = [
          {
            sym: 'TR',
            name: 'Tosa Kuroshio Railway',
            tokens: [0, 40],
            coordinates: 'C3',
            color: '#204080',
          },
        ].freeze
      end
    end
  end
end
