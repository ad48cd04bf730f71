# frozen_string_literal: true

module Engine
  module Game
    module G1848
      module Entities
        COMPANIES = [
          { sym: 'P1', name: 'Melbourne', value: 30, revenue: 5 },
          {
            sym: 'P2',
            name: 'Oodnadatta',
            value: 70,
            revenue: 10,
            abilities: [{ type: 'tile_lay', hexes: %w[E6], tiles: %w[7 8 9], count: 1, owner_type: 'player',
                          when: 'owning_player_or_turn' }],
          },
          {
            sym: 'P4',
            name: 'The Ghan',
            value: 170,
            revenue: 20,
            abilities: [{ type: 'train_discount', discount: 100, trains: ['2E'], count: 1, owner_type: 'player',
                          when: 'buying_train' }],
          },
        ].freeze

        CORPORATIONS = [
          { sym: 'BOE', name: 'Bank of England', tokens: [], color: '#000000' },
          { sym: 'COM', name: 'Commonwealth Railways', tokens: [0, 0, 100], color: '#cfc5a2' },
          { sym: 'SAR', name: 'South Australian Railway', tokens: [0, 40], coordinates: 'C3', color: '#ff0000' },
        ].freeze
      end
    end
  end
end
