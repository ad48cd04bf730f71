# frozen_string_literal: true

module Engine
  module Game
    module G1877StockholmTramways
      module Entities
        CORPORATIONS = [
          { sym: 'LT', name: 'Lidingo', tokens: [0, 40, 40], coordinates: 'C1', color: '#204080' },
          { sym: 'D', name: 'Djursholm', tokens: [0, 40, 40], coordinates: 'E1', color: '#802020' },
        ].freeze
      end
    end
  end
end
