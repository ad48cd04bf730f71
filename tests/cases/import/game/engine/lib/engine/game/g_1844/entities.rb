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
          { name: 'B1 - Mountain Railway', sym: 'B1', value: 150, revenue: 20,
            abilities: [{ type: 'tile_lay', hexes: ['G14'], tiles: %w[XM1], when: 'stock_round', count: 1 }] },
        ].freeze

        CORPORATIONS = [
          { sym: 'SBB', name: 'Schweizerische Bundesbahnen', tokens: [0, 40], coordinates: 'G16', color: 'red' },
        ].freeze
      end
    end
  end
end
