{{ salt.test.ping() }} {{ salt['test.ping']() }} {{ salt.pillar.get('app:name') }} {{ salt.grains.get('os') }}
{{ salt['test.echo']('hi') }} {{ salt.test.echo('there') }}
