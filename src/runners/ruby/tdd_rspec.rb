# Loaded by tdd-hooks' RSpec adapter (`rspec --require <this file>`). A focused example (`fit`,
# `fdescribe`, `focus: true`) hides every other test of a project that filters on :focus, and a
# verdict must not rest on a run that hid tests: the run refuses it before any example runs,
# whatever the project's configuration. And when TDD_HOOKS_SEAL names the report, its seal
# (src/runners/seal.ts): once RSpec's run has written and closed it, and before any at_exit of the
# project runs, the report's SHA-256 on stderr. Nothing else changes.
RSpec.configure do |config|
  config.before(:suite) do
    focused = RSpec.world.all_examples.select { |e| e.metadata[:focus] }
    unless focused.empty?
      raise "tdd-hooks: focused examples are not allowed: #{focused.map(&:location).join(', ')}"
    end
  end
end

# Taken when this file loads, before any project code: what reads, hashes and prints the seal.
# Reporter#finish is where every run ends (exit_early too, a file that did not load): the JSON
# formatter has written the report then; it is flushed before it is read.
if (tdd_seal_path = ENV['TDD_HOOKS_SEAL'])
  require 'digest'
  tdd_seal = [File.method(:binread), Digest::SHA256.method(:hexdigest), STDERR.method(:syswrite)]
  RSpec::Core::Reporter.prepend(Module.new do
    define_method(:finish) do |*args|
      super(*args)
    ensure
      RSpec.configuration.formatters.each { |f| f.output.flush if f.respond_to?(:output) && f.output.respond_to?(:flush) }
      read, digest, say = tdd_seal
      say.call("\ntdd-hooks-seal #{digest.call(read.call(tdd_seal_path))}\n") if File.file?(tdd_seal_path)
    end
  end)
end
