# frozen_string_literal: true

module Engine
  module Game
    module G1882
      module Entities
        COMPANIES = [
          { sym: 'CP', name: 'Canadian Pacific', value: 180, revenue: 25,
            abilities: [{ type: 'shares', shares: 'CPR_0' }, { type: 'no_buy' }] },
          { sym: 'SC', name: 'Saskatchewan Central', value: 50, revenue: 10, abilities: [{ type: 'close', on_phase: '6' },
                        { type: 'exchange', corporations: ['SC'], owner_type: 'player', from: 'par' }] },
          { sym: 'NWR', name: 'North West Rebellion', value: 80, revenue: 15,
            abilities: [{ type: 'token', owner_type: 'corporation', hexes: %w[E3], count: 1 }] },
        ].freeze

        CORPORATIONS = [
          { sym: 'CN', name: 'Canadian National', tokens: [], color: '#ff0000' },
          { sym: 'CPR', name: 'Canadian Pacific Railroad', tokens: [0, 40], coordinates: 'C1', color: '#204080' },
          { sym: 'QLL', name: "Qu'Appelle, Long Lake", tokens: [0, 40, 40], coordinates: 'C3', color: '#802020' },
          { sym: 'SC', name: 'Saskatchewan Central', tokens: [0, 40], color: '#208020' },
        ].freeze
      end
    end
  end
end
