painted: {{ color }}
