{{ 'no trailing newline' }}
