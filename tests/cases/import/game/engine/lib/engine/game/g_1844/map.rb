# frozen_string_literal: true

module Engine
  module Game
    module G1844
      module Map
        LAYOUT = :pointy

        TILES = {
          '7' => 2,
          'X78' => { 'count' => 5, 'color' => 'purple', 'code' => 'path=a:0,b:2,track:narrow' },
          'XM1' => { 'count' => 2, 'color' => 'gray', 'code' => 'offboard=revenue:yellow_10|green_20|brown_50|gray_80' },
          'OP1' => { 'count' => 1, 'hidden' => true, 'color' => 'purple', 'code' => 'path=a:3,b:5' },
          'OP2' => { 'count' => 3, 'hidden' => true, 'color' => 'purple', 'code' => 'path=a:1,b:4' },
          'OP3' => { 'count' => 1, 'hidden' => true, 'color' => 'purple', 'code' => 'town=revenue:10,loc:4;path=a:0,b:_0;path=a:4,b:_0' },
        }.freeze

        HEXES = {
          white: {
            %w[H17 H19 H21 H23 I16 I18] => '',
            %w[G16 G18] => 'city=revenue:0',
          },
          gray: {
            %w[G14] => 'offboard=revenue:yellow_0|green_0|brown_0|gray_0',
          },
        }.freeze
      end
    end
  end
end
