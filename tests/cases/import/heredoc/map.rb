# frozen_string_literal: true

module Map
  LAYOUT = :flat
  HEXES = <<~RUBY
    white: {}
  RUBY
end
