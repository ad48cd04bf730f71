# frozen_string_literal: true

module Engine
  module Game
    module G18Texas
      module Map
        LAYOUT = :flat

        TILES = { '8' => 2 }.freeze

        HEXES = { white: { %w[B2] => '', %w[D9 G10] => 'city=revenue:0' } }.freeze
      end
    end
  end
end
