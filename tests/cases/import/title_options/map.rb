# frozen_string_literal: true

module Engine
  module Game
    module GTitleOptions
      module Map
        LAYOUT = :flat
        HEXES = {
          white: {
            %w[B2 C3] => '',
            ['B4'] => 'city=revenue:0',
          },
        }.freeze
      end
    end
  end
end
