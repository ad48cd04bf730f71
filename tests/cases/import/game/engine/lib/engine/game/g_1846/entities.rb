# frozen_string_literal: true

module Engine
  module Game
    module G1846
      module Entities
        COMPANIES = [
          { name: 'Michigan Southern (Minor)', value: 60, discount: -80, revenue: 0, sym: 'MS' },
          { name: 'Big 4 (Minor)', value: 40, discount: -60, revenue: 0, sym: 'BIG4' },
          { name: 'Chicago and Western Indiana', value: 60, revenue: 10, sym: 'C&WI' },
          { name: 'Mail Contract', value: 80, revenue: 0, sym: 'MAIL' },
          { name: 'Tunnel Blasting Company', value: 60, revenue: 20, sym: 'TBC' },
          { name: 'Meat Packing Company', value: 60, revenue: 15, sym: 'MPC' },
          { name: 'Steamboat Company', value: 40, revenue: 10, sym: 'SC' },
          { name: 'Lake Shore Line', value: 40, revenue: 15, sym: 'LSL' },
          { name: 'Michigan Central', value: 40, revenue: 15, sym: 'MC' },
          { name: 'Ohio & Indiana', value: 40, revenue: 15, sym: 'O&I' },
          { name: 'Boomtown', value: 40, revenue: 0, sym: 'BT' },
          { name: 'Little Miami', value: 40, revenue: 0, sym: 'LM' },
        ].freeze

        CORPORATIONS = [
          { float_percent: 20, sym: 'PRR', name: 'Pennsylvania', tokens: [0, 80, 80, 80, 80], coordinates: 'F20', color: 'red' },
          { float_percent: 20, sym: 'NYC', name: 'New York Central', tokens: [0, 80, 80, 80], coordinates: 'D20', color: 'black' },
          { float_percent: 20, sym: 'B&O', name: 'Baltimore & Ohio', tokens: [0, 80, 80, 80], coordinates: 'G19', color: 'blue' },
          { float_percent: 20, sym: 'C&O', name: 'Chesapeake & Ohio', tokens: [0, 80, 80, 80], coordinates: 'I15', color: 'cyan' },
          { float_percent: 20, sym: 'ERIE', name: 'Erie', tokens: [0, 80, 80, 80], coordinates: 'E21', color: 'yellow' },
          { float_percent: 20, sym: 'GT', name: 'Grand Trunk', tokens: [0, 80, 80], coordinates: 'B16', color: 'orange' },
          { float_percent: 20, sym: 'IC', name: 'Illinois Central', tokens: [0, 80, 80, 80], coordinates: 'K3', color: 'green' },
        ].freeze

        MINORS = [
          { sym: 'MS', name: 'Michigan Southern', tokens: [0], coordinates: 'C15', color: 'pink' },
          { sym: 'BIG4', name: 'Big 4', tokens: [0], coordinates: 'G9', color: 'cyan' },
        ].freeze
      end
    end
  end
end
