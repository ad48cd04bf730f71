# frozen_string_literal: true

module Engine
  module Game
    module G18EU
      module Entities
        CORPORATIONS = [
          { sym: 'BNR', name: 'Berlin', tokens: [0, 100, 100], color: '#204080' },
        ].freeze

        MINORS = [
          { sym: '1', name: 'Nord', coordinates: 'A10', city: 0, tokens: [0], color: 'black' },
          { sym: '2', name: 'Belge', coordinates: 'C8', tokens: [0], color: 'black' },
          { sym: '3', name: 'PLM', coordinates: 'A10', city: 1, tokens: [0], color: 'black' },
        ].freeze
      end
    end
  end
end
