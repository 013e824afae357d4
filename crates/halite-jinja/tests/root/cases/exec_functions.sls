{{ salt['file.file_exists']('/nonexistent/file') }} {{ salt['file.basename']('/a/b/c.txt') }} {{ salt['file.dirname']('/a/b/c.txt') }}
{{ salt['cmd.run']('echo hello') }} {{ salt['test.echo']('x') }} {{ salt['grains.item']('os') }}
{{ salt['config.get']('nginx:lookup:pkg') }} {{ salt['config.get']('id') }}
