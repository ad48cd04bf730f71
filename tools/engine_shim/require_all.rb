# frozen_string_literal: true

# Stands in for the require_all gem, of which the 18xx.games engine uses only require_rel:
# load the .rb files of each folder in name order, and retry those that name a constant another
# file of the same call defines, until a pass loads nothing new.
module Kernel
  def require_rel(*paths)
    base = File.dirname(caller_locations(1, 1).first.absolute_path)
    files = paths.flatten.flat_map do |p|
      full = File.expand_path(p, base)
      File.directory?(full) ? Dir.glob(File.join(full, '**', '*.rb')).sort : ["#{full.delete_suffix('.rb')}.rb"]
    end
    loop do
      failed = files.reject do |f|
        require f
        true
      rescue NameError
        false
      end
      return true if failed.empty?
      raise NameError, "require_rel: cannot load #{failed.first}" if failed.size == files.size

      files = failed
    end
  end
end
