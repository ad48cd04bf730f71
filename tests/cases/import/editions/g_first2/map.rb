# frozen_string_literal: true

module Engine
  module Game
    module GFirst2
      module Map
        HEXES = { white: { %w[B2 C3] => 'city=revenue:0', ['B4'] => '' } }.freeze
      end
    end
  end
end
