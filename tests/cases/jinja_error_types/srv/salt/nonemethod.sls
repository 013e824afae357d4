a: {{ none.get('x') }}
