# frozen_string_literal: true

module Engine
  module Game
    module G18LosAngeles
      module Entities
        COMPANIES = [
          { name: 'Gardena Tramway', value: 140, discount: -60, revenue: 0, sym: 'GT' },
          { name: 'Orange County Railroad', value: 100, discount: -40, revenue: 0, sym: 'OCR' },
          { name: 'Pacific Maritime', value: 60, revenue: 20, sym: 'PMC', min_players: 4 },
          { name: 'Mail Contract', value: 80, revenue: 0, sym: 'MAIL' },
          { name: 'LA Citrus (second edition)', value: 60, revenue: 15, sym: 'LAC' },
          { name: 'Los Angeles Steamship', value: 40, revenue: 10, sym: 'LAS' },
          { name: 'Beverly Hills Carriage', value: 40, revenue: 10, sym: 'BHC',
            abilities: [{ type: 'blocks_hexes', owner_type: 'player', hexes: ['D5'] }] },
          { name: 'Los Angeles Title', value: 40, revenue: 10, sym: 'LAT', min_players: 3,
            abilities: [{ type: 'token', when: 'owning_corp_or_turn', owner_type: 'corporation', price: 0,
                          teleport_price: 0, count: 1, extra_action: true, special_only: true, neutral: true,
                          hexes: %w[B9 C12] }] },
        ].freeze

        CORPORATIONS = [
          { float_percent: 20, sym: 'ELA', name: 'East Los Angeles', tokens: [0, 80, 80], coordinates: 'C12', color: 'red' },
          { float_percent: 20, sym: 'LA', name: 'Los Angeles Railway', tokens: [0, 80, 80], coordinates: 'A8', color: 'brown' },
          { float_percent: 20, sym: 'SF', name: 'Santa Fe', tokens: [0, 80, 80], coordinates: 'E12', color: 'pink' },
          { float_percent: 20, sym: 'SP', name: 'Southern Pacific', tokens: [0, 80, 80], coordinates: 'C2', color: 'blue' },
        ].freeze

        MINORS = [
          { sym: 'GT', name: 'Gardena Tramway', tokens: [0], coordinates: 'D5', color: 'gray' },
          { sym: 'OCR', name: 'Orange County Railroad', tokens: [0], coordinates: 'E10', color: 'orange' },
        ].freeze
      end
    end
  end
end
