# frozen_string_literal: true

module Engine
  module Game
    module GMini
      module Entities
        COMPANIES = [
          {
            name: 'Pier',
            sym: 'PI',
            value: 20,
            revenue: 5,
            abilities: [{ type: 'blocks_hexes', owner_type: 'player', hexes: ['F4'] }],
          },
          {
            name: 'Ferry',
            sym: 'FE',
            value: 40,
            revenue: 10,
            abilities: [{ type: 'close', when: 'bought_train', corporation: 'BB' }],
          },
        ].freeze

        CORPORATIONS = [
          {
            sym: 'AA',
            name: 'Alpha Railway',
            tokens: [0, 40],
            coordinates: 'C3',
            color: '#204080',
          },
          {
            sym: 'BB',
            name: 'Beta Railway',
            tokens: [0, 40],
            coordinates: 'E3',
            color: '#802020',
          },
        ].freeze
      end
    end
  end
end
