a: {{ pillar.app.port.get('x') }}
