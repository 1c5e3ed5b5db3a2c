// Every stylesheet, imported once by the browser entry so they load with the first page.
import '../styles/base.css'
import '../components/ui/ui.css'
import '../features/header/header.css'
import '../features/catalog/catalog.css'
