# frozen_string_literal: true

module Engine
  module Game
    module G18MS
      module Entities
        COMPANIES = [
          { name: 'Meridian & Memphis', value: 60, revenue: 5, sym: 'MC' },
          {
            name: 'Mobile & Ohio Railway',
            value: 70,
            revenue: 5,
            sym: 'M&O',
            abilities: [{ type: 'train_discount', discount: 100, owner_type: 'corporation', trains: ['3+', '4+'],
                          count: 1, closed_when_used_up: true, when: 'buy_train' }],
          },
        ].freeze

        CORPORATIONS = [
          { sym: 'GMO', name: 'Gulf Mobile & Ohio', tokens: [0, 40], coordinates: 'B1', color: 'red' },
          { sym: 'IC', name: 'Illinois Central', tokens: [0, 40], coordinates: 'D3', color: 'green' },
        ].freeze
      end
    end
  end
end
