# tdd-hooks' minitest runner: `ruby -I lib -I test tdd_minitest.rb <report> <file>...`. Loads each
# test file on its own (a file that fails to load is reported with its error, the others still run),
# then runs minitest once and writes a JSON report of every result with the asked file it belongs
# to. The test files' own `require "minitest/autorun"` is answered by this script. A verdict must
# not rest on a run that hid or rewrote tests: a run filtered by `-n`/`-e`/`-i` in ARGV (put there by
# a test, a helper or minitest-focus's `focus`) is refused before any test runs; a test method the
# file writes that runs from another file, or that reaches a minitest assertion or verdict method
# project code redefined, is marked. Standard library and minitest only.
require 'json'
require 'minitest'

report_path = ARGV.shift
files = ARGV.dup
ARGV.clear
started = Process.pid

# What writes the report, taken before any project code loads (a redefined File.write changes nothing).
write_report = File.method(:write)
to_json = JSON.method(:generate)
# The report's seal (src/runners/seal.ts): its SHA-256 on stderr as it is written, before any at_exit of the project runs.
require 'digest'
seal = ENV['TDD_HOOKS_SEAL'] && [Digest::SHA256.method(:hexdigest), STDERR.method(:syswrite)]
# minitest's own machinery, which no project code may redefine: its assertions, a test's run, a result's verdict.
assertion_names = Minitest::Assertions.public_instance_methods(false) + %i[run capture_exceptions]
# minitest's own list of test classes (the array `inherited` fills), not a method project code could redefine.
runnables = Minitest::Runnable.runnables
result_names = %i[failure passed? skipped? error?]

# `minitest/autorun` in a test file would run the tests again at exit: this script runs them.
Minitest.class_variable_set(:@@installed_at_exit, true)

class_files = {}
load_errors = []
root = Dir.pwd
files.each do |file|
  before = runnables.dup
  begin
    require File.expand_path(file, root)
  rescue ScriptError, StandardError => e
    load_errors << { 'file' => file, 'class' => e.class.name, 'message' => e.message.to_s }
  end
  (runnables - before).each { |k| class_files[k.name.to_s] ||= file if k.name }
end

# A result's file: the asked file its method lies in (two files may both `describe Calc`); for a
# test inherited from elsewhere, the file that defines its class's constant (`class CalcTest <
# BaseTest`), which a test class that project code defines is not; else (a spec class, named by its
# description) the asked file whose load defined the class.
absolute = files.to_h { |f| [File.expand_path(f, root), f] }
asked = ->(path) { absolute[File.expand_path(path.to_s, root)] }
file_of = lambda do |result|
  own = asked.(Array(result.source_location).first)
  next own if own
  defined_at = begin
    Object.const_source_location(result.klass.to_s)
  rescue NameError, ArgumentError
    nil
  end
  next asked.(defined_at.first) if defined_at && !defined_at.empty?
  class_files[result.klass.to_s]
end

# A test method the asked file writes (`def test_adds`) that runs from another file was redefined
# at run time (a TracePoint or an `inherited` hook in project code rewriting the test): its path.
texts = {}
redefined_by = lambda do |result, file|
  klass = runnables.find { |k| k.name.to_s == result.klass.to_s && k.method_defined?(result.name) }
  method = klass&.instance_method(result.name)
  next nil unless method && method.owner == klass
  at = File.expand_path(Array(method.source_location).first.to_s, root)
  next nil if at == File.expand_path(file, root)
  text = texts[file] ||= (File.read(File.expand_path(file, root)) rescue '')
  text.match?(/^[ \t]*def[ \t]+#{Regexp.escape(result.name)}(?![\w?!=])/) ? at.delete_prefix(root + '/') : nil
end

# A minitest method the run reaches that code of the project outside its tests defines (an
# implementation that redefines `assert_equal` through `Object.const_get("Mini" + "test::Assertions")`,
# a prepended module): "assert_equal by lib/calc.rb". Tests and their support (test/, spec/, the
# asked files) may define their own; gems and the standard library are not the project's.
project_code = lambda do |method|
  at = Array(method.source_location).first.to_s
  next at if at.start_with?('(eval')
  next nil unless at.start_with?(root + '/')
  rel = at.delete_prefix(root + '/')
  absolute.key?(at) || %w[test spec].include?(rel.split('/').first) ? nil : rel
end
patched_in = lambda do |result|
  klass = runnables.find { |k| k.name.to_s == result.klass.to_s && k.method_defined?(result.name) }
  next nil unless klass
  found = assertion_names.map { |n| [n, klass.instance_method(n)] } +
          result_names.map { |n| ["Result##{n}", Minitest::Result.instance_method(n)] } +
          [['run_one_method', klass.singleton_class.instance_method(:run_one_method)]]
  found.each { |name, method| (by = project_code.(method)) and break "#{name} by #{by}" }.then { |r| r.is_a?(String) ? r : nil }
end

# Collects every result (threads too: `parallelize_me!`).
class TddHooksReporter < Minitest::AbstractReporter
  attr_reader :tests

  def initialize(file_of, redefined_by, patched_in)
    super()
    @file_of = file_of
    @redefined_by = redefined_by
    @patched_in = patched_in
    @tests = []
    @lock = Mutex.new
  end

  def record(result)
    failure = result.failure
    entry = { 'file' => @file_of.call(result), 'name' => "#{result.klass}##{result.name}" }
    by = entry['file'] && @redefined_by.call(result, entry['file'])
    entry['redefinedBy'] = by if by
    patched = entry['file'] && @patched_in.call(result)
    entry['patched'] = patched if patched
    if failure.nil?
      entry['status'] = 'passed'
    elsif failure.is_a?(Minitest::Skip)
      entry['status'] = 'skipped'
    else
      error = failure.is_a?(Minitest::UnexpectedError) ? failure.error : failure
      entry.update('status' => 'failed', 'class' => error.class.name, 'message' => error.message.to_s)
      # A method the test itself lacks (`asert_equal`, a helper never written) is the test's own error, not the project's next symbol.
      entry['testOwn'] = true if error.is_a?(NameError) && (error.receiver rescue nil).is_a?(Minitest::Runnable)
    end
    @lock.synchronize { @tests << entry }
  end
end

class TddHooksFocused < StandardError; end

ours = TddHooksReporter.new(file_of, redefined_by, patched_in)
Minitest.singleton_class.prepend(Module.new do
  define_method(:init_plugins) do |options|
    super(options)
    filters = options.values_at(:filter, :exclude, :include).compact
    raise TddHooksFocused, "tdd-hooks: a run that filters tests is not allowed (#{filters.join(', ')}): it hides the others" unless filters.empty?
    reporter << ours
  end
end)

focused = nil
passed = false
begin
  # What a test or helper put into ARGV (minitest-focus's `-n`) reaches minitest, as under autorun.
  passed = Minitest.run(ARGV.dup)
  Minitest.class_variable_get(:@@after_run).reverse_each(&:call) if Process.pid == started
rescue TddHooksFocused => e
  focused = e.message
end
exit!(2) unless Process.pid == started

report = to_json.call({ 'tests' => ours.tests, 'loadErrors' => load_errors, 'focused' => focused })
write_report.call(report_path, report)
seal&.then { |digest, say| say.call("\ntdd-hooks-seal #{digest.call(report)}\n") }
exit(passed && load_errors.empty? && focused.nil? ? 0 : 1)
