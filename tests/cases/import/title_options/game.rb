# frozen_string_literal: true

require_relative 'map'

module Engine
  module Game
    module GTitleOptions
      class Game < Game::Base
        include_meta(GTitleOptions::Meta)
        include Map

        TRACK_RESTRICTION = :restrictive
        IMPASSABLE_HEX_COLORS = %i[gray red].freeze
        TILE_LAYS = [{ lay: true, upgrade: true }, { lay: true, upgrade: :not_if_upgraded }].freeze

        def setup
          @log << 'never run'
        end
      end
    end
  end
end
