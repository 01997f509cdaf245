# Closes every Ruby process of a test run to the user's work tree (loaded first, through RUBYOPT).
# The hook runs the tests in a private copy of the commit; a load path of the environment (a
# `RUBYLIB`, a Bundler `path:` gem) may still point at the work tree. At exit, the loaded files
# ($LOADED_FEATURES) that are the work tree's own — under its top, not in the copy, not in a folder
# linked on purpose, not .git or an installed gem — are appended to the guard's file,
# NUL-terminated; the hook keeps those that differ from the commit and answers "could not verify".
# Configured by TDD_HOOKS_GUARD (JSON: {"top", "copy", "out", "linked"}, real paths); without it,
# nothing. Standard library only.
require 'json'

spec = begin
  JSON.parse(ENV.fetch('TDD_HOOKS_GUARD', ''))
rescue JSON::ParserError
  nil
end
if spec.is_a?(Hash) && spec['out'].is_a?(String) && spec['top'].is_a?(String) && spec['copy'].is_a?(String)
  top, copy, out = spec.values_at('top', 'copy', 'out')
  linked = Array(spec['linked']).grep(String)
  under = ->(path, dir) { path == dir || path.start_with?(dir + File::SEPARATOR) }
  at_exit do
    noted = $LOADED_FEATURES.filter_map do |feature|
      real = begin
        File.realpath(feature)
      rescue SystemCallError
        next
      end
      next if under.(real, copy) || !under.(real, top) || linked.any? { |d| under.(real, d) }
      parts = real[(top.length + 1)..].to_s.split(File::SEPARATOR)
      next if parts.first == '.git' || parts.include?('node_modules') || (parts & %w[gems bundle]).any?
      real
    end
    File.open(out, 'a') { |io| noted.each { |p| io.write(p, "\0") } } unless noted.empty?
  end
end
