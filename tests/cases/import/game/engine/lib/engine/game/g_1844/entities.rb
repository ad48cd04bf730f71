# frozen_string_literal: true

module Engine
  module Game
    module G1844
      module Entities
        COMPANIES = [
          { name: 'P3 - Gotthard-Postkutsche', sym: 'P3', value: 80, revenue: 15,
            abilities: [{ type: 'acquire_company', company: 'T1' }] },
          { name: 'P4 - Furka-Oberalpbahn', sym: 'P4', value: 120, revenue: 20 },
          { name: 'T1 - Tunnel Company', sym: 'T1', value: 50, revenue: 10 },
          { name: 'P6 - Societa anonima delle ferrovie', sym: 'P6', value: 180, revenue: 30,
            abilities: [{ type: 'close', when: 'ran_train', corporation: 'NOB' }, { type: 'no_buy' }] },
          { name: 'P7 - Lokfabrik Oerlikon', sym: 'P7', value: 100, revenue: 0,
            abilities: [{ type: 'close', on_phase: 'never' }, { type: 'choose_ability', when: 'owning_player_or_turn' }] },
          { name: 'T2 - Tunnel Company', sym: 'T2', value: 50, revenue: 0,
            abilities: [{ type: 'tile_lay', when: 'owning_player_track', count: 1, tiles: %w[X78], hexes: %w[H19 J19] }] },
          { name: 'B1 - Mountain Railway', sym: 'B1', value: 150, revenue: 20,
            abilities: [{ type: 'tile_lay', hexes: ['G14'], tiles: %w[XM1], when: 'stock_round', count: 1 }] },
        ].freeze

        CORPORATIONS = [
          { sym: 'SBB', name: 'Schweizerische Bundesbahnen', tokens: [0, 40], coordinates: 'G16', color: 'red' },
          { sym: 'NOB', name: 'Schweizerische Nordostbahn', tokens: [0, 40], coordinates: 'G18', color: 'blue' },
          { sym: 'GB', name: 'Gotthardbahn', tokens: [0, 40], coordinates: 'G16', color: 'green' },
        ].freeze
      end
    end
  end
end
