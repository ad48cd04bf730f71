# frozen_string_literal: true

module Engine
  module Game
    module G18Texas
      module Entities
        COMPANIES = [
          { sym: 'JG', name: 'Jay Gould', value: 200, revenue: 5, abilities: [{ type: 'shares', shares: 'random_president' }] },
          { sym: 'IGN', name: 'International-Great Northern', value: 210, revenue: 30, min_players: 2,
            abilities: [{ type: 'shares', shares: 'match_share' }] },
        ].freeze

        CORPORATIONS = [
          { float_percent: 50, sym: 'T&P', name: 'Texas and Pacific', tokens: [0, 0], coordinates: 'D9', color: '#800080' },
          { float_percent: 50, sym: 'MP', name: 'Missouri Pacific', tokens: [0, 0], coordinates: 'G10', color: '#ff0000' },
        ].freeze
      end
    end
  end
end
