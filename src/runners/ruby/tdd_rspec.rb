# Loaded by tdd-hooks' RSpec adapter (`rspec --require <this file>`). A focused example (`fit`,
# `fdescribe`, `focus: true`) hides every other test of a project that filters on :focus, and a
# verdict must not rest on a run that hid tests: the run refuses it before any example runs,
# whatever the project's configuration. Nothing else changes.
RSpec.configure do |config|
  config.before(:suite) do
    focused = RSpec.world.all_examples.select { |e| e.metadata[:focus] }
    unless focused.empty?
      raise "tdd-hooks: focused examples are not allowed: #{focused.map(&:location).join(', ')}"
    end
  end
end
