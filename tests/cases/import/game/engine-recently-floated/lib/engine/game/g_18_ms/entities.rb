# frozen_string_literal: true

module Engine
  module Game
    module G18MS
      module Entities
        CORPORATIONS = [
          { sym: 'GMO', name: 'Gulf, Mobile and Ohio', tokens: [0, 40], coordinates: 'C3', color: '#204080' },
          { sym: 'IC', name: 'Illinois Central', tokens: [0, 40], coordinates: 'E3', color: '#802020' },
        ].freeze
      end
    end
  end
end
