# frozen_string_literal: true

module Engine
  module Game
    module G18LosAngeles1
      module Entities
        COMPANIES = [
          { name: 'South Bay Line', value: 40, revenue: 15, sym: 'SBL' },
          { name: 'Chino Hills Excavation', value: 60, revenue: 20, sym: 'CHE' },
        ].freeze

        COMPANIES_1E = {
          'LAC' => { name: 'Los Angeles Citrus', value: 60, revenue: 15, sym: 'LAC' },
        }.freeze

        CORPORATIONS_1E = {
          'SF' => { float_percent: 20, sym: 'SF', name: 'Santa Fe', tokens: [0, 80, 80], coordinates: 'D13', color: 'pink' },
        }.freeze
      end
    end
  end
end
