# Line coverage of a few source files, for tdd-hooks' GREEN check (loaded first, through RUBYOPT,
# before any of the project's code). Configured by TDD_HOOKS_COVERAGE (JSON: {"out": folder,
# "root": folder, "files": [absolute paths]}); without it, nothing. Starts the standard library's
# Coverage in lines mode; at exit writes <out>/ruby-<pid>.json: per asked file the process loaded
# (relative to root), the lines that hold code and those that ran — our Python tracer's format. A
# file no process loaded is absent (every line of it unrun). Project code that reads Coverage's
# result itself (SimpleCov at exit, which stops it) is answered as before; what had run by then is
# kept. Standard library only.
require 'json'
require 'coverage'

spec = begin
  JSON.parse(ENV.fetch('TDD_HOOKS_COVERAGE', ''))
rescue JSON::ParserError
  nil
end
if spec.is_a?(Hash) && spec['out'].is_a?(String) && spec['root'].is_a?(String) && spec['files'].is_a?(Array) && !Coverage.running?
  out, root = spec.values_at('out', 'root')
  real = lambda do |path|
    File.realpath(path)
  rescue SystemCallError
    path
  end
  wanted = spec['files'].grep(String).to_h { |f| [real.(f), f.delete_prefix("#{root}/")] }
  found = {}
  collect = lambda do |result|
    result.each do |path, cov|
      rel = wanted[real.(path)]
      lines = cov.is_a?(Hash) ? cov[:lines] : cov
      next unless rel && lines.is_a?(Array)

      code, run = found[rel] ||= [{}, {}]
      lines.each_with_index do |count, i|
        next if count.nil?

        code[i + 1] = true
        run[i + 1] = true if count.positive?
      end
    end
  end
  # SimpleCov's `Coverage.start unless Coverage.running?` keeps ours; its `Coverage.result` at exit would stop it first.
  Coverage.singleton_class.prepend(Module.new do
    define_method(:result) do |*args, **opts|
      collect.(peek_result) if running?
      super(*args, **opts)
    end
  end)
  Coverage.start(lines: true)
  at_exit do
    collect.(Coverage.peek_result) if Coverage.running?
    begin
      File.write(File.join(out, "ruby-#{Process.pid}.json"), JSON.generate(found.transform_values { |c, r| { 'code' => c.keys.sort, 'run' => r.keys.sort } }))
    rescue SystemCallError
      nil
    end
  end
end
