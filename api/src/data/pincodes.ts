/**
 * The pincode dataset the project ships (SPEC.md §3 registration address): India Post head and main offices of
 * the major cities of every state and union territory, with the district as India Post lists it. It is not the
 * full directory (~19,000 offices); an unknown pincode is answered E0035 and the applicant types city, district
 * and state themselves. To ship the full directory, replace this list with India Post's open data
 * (data.gov.in "All India Pincode Directory"), same columns.
 *
 * Each office carries the latitude and longitude (WGS84, 4 decimals ≈ 11 m) of the post office / town centre, so a
 * pincode can stand in for a location: the nearby search measures from it and registration can prefill the map pin.
 * They are town-level points (a pincode covers a few km²), good for "within N km", not for street navigation.
 */
type Row = readonly [pincode: string, office: string, city: string, district: string, state: string, latitude: number, longitude: number];

const ROWS: readonly Row[] = [
  // Andhra Pradesh
  ['520001', 'Vijayawada H.O', 'Vijayawada', 'Krishna', 'Andhra Pradesh', 16.5086, 80.6300],
  ['530001', 'Visakhapatnam H.O', 'Visakhapatnam', 'Visakhapatnam', 'Andhra Pradesh', 17.6980, 83.2900],
  ['522001', 'Guntur H.O', 'Guntur', 'Guntur', 'Andhra Pradesh', 16.3067, 80.4365],
  ['524001', 'Nellore H.O', 'Nellore', 'Nellore', 'Andhra Pradesh', 14.4426, 79.9865],
  ['517501', 'Tirupati H.O', 'Tirupati', 'Chittoor', 'Andhra Pradesh', 13.6288, 79.4192],
  // Arunachal Pradesh
  ['791111', 'Itanagar S.O', 'Itanagar', 'Papum Pare', 'Arunachal Pradesh', 27.0844, 93.6053],
  // Assam
  ['781001', 'Guwahati G.P.O.', 'Guwahati', 'Kamrup Metropolitan', 'Assam', 26.1860, 91.7460],
  ['786001', 'Dibrugarh H.O', 'Dibrugarh', 'Dibrugarh', 'Assam', 27.4728, 94.9120],
  ['788001', 'Silchar H.O', 'Silchar', 'Cachar', 'Assam', 24.8333, 92.7789],
  // Bihar
  ['800001', 'Patna G.P.O.', 'Patna', 'Patna', 'Bihar', 25.6050, 85.1370],
  ['812001', 'Bhagalpur H.O', 'Bhagalpur', 'Bhagalpur', 'Bihar', 25.2425, 86.9842],
  ['842001', 'Muzaffarpur H.O', 'Muzaffarpur', 'Muzaffarpur', 'Bihar', 26.1209, 85.3647],
  ['823001', 'Gaya H.O', 'Gaya', 'Gaya', 'Bihar', 24.7955, 85.0002],
  // Chhattisgarh
  ['492001', 'Raipur H.O', 'Raipur', 'Raipur', 'Chhattisgarh', 21.2514, 81.6296],
  ['490001', 'Durg H.O', 'Durg', 'Durg', 'Chhattisgarh', 21.1904, 81.2849],
  ['495001', 'Bilaspur H.O', 'Bilaspur', 'Bilaspur', 'Chhattisgarh', 22.0797, 82.1409],
  // Goa
  ['403001', 'Panaji H.O', 'Panaji', 'North Goa', 'Goa', 15.4989, 73.8278],
  ['403601', 'Margao H.O', 'Margao', 'South Goa', 'Goa', 15.2832, 73.9862],
  // Gujarat
  ['380001', 'Ahmedabad G.P.O.', 'Ahmedabad', 'Ahmedabad', 'Gujarat', 23.0285, 72.5820],
  ['380009', 'Navrangpura S.O', 'Ahmedabad', 'Ahmedabad', 'Gujarat', 23.0365, 72.5611],
  ['382010', 'Gandhinagar H.O', 'Gandhinagar', 'Gandhinagar', 'Gujarat', 23.2156, 72.6369],
  ['395003', 'Surat H.O', 'Surat', 'Surat', 'Gujarat', 21.1900, 72.8300],
  ['390001', 'Vadodara H.O', 'Vadodara', 'Vadodara', 'Gujarat', 22.3000, 73.2000],
  ['360001', 'Rajkot H.O', 'Rajkot', 'Rajkot', 'Gujarat', 22.3039, 70.8022],
  // Haryana
  ['122001', 'Gurgaon H.O', 'Gurugram', 'Gurugram', 'Haryana', 28.4595, 77.0266],
  ['121001', 'Faridabad H.O', 'Faridabad', 'Faridabad', 'Haryana', 28.4089, 77.3178],
  ['132001', 'Karnal H.O', 'Karnal', 'Karnal', 'Haryana', 29.6857, 76.9905],
  ['124001', 'Rohtak H.O', 'Rohtak', 'Rohtak', 'Haryana', 28.8955, 76.6066],
  // Himachal Pradesh
  ['171001', 'Shimla G.P.O.', 'Shimla', 'Shimla', 'Himachal Pradesh', 31.1048, 77.1734],
  ['175001', 'Mandi H.O', 'Mandi', 'Mandi', 'Himachal Pradesh', 31.7080, 76.9318],
  ['176215', 'Dharamshala H.O', 'Dharamshala', 'Kangra', 'Himachal Pradesh', 32.2190, 76.3234],
  // Jharkhand
  ['834001', 'Ranchi G.P.O.', 'Ranchi', 'Ranchi', 'Jharkhand', 23.3441, 85.3096],
  ['831001', 'Jamshedpur H.O', 'Jamshedpur', 'East Singhbhum', 'Jharkhand', 22.8046, 86.2029],
  ['826001', 'Dhanbad H.O', 'Dhanbad', 'Dhanbad', 'Jharkhand', 23.7957, 86.4304],
  // Karnataka
  ['560001', 'Bangalore G.P.O.', 'Bengaluru', 'Bengaluru Urban', 'Karnataka', 12.9840, 77.5900],
  ['560034', 'Koramangala S.O', 'Bengaluru', 'Bengaluru Urban', 'Karnataka', 12.9352, 77.6245],
  ['560038', 'Indiranagar S.O', 'Bengaluru', 'Bengaluru Urban', 'Karnataka', 12.9784, 77.6408],
  ['560011', 'Jayanagar S.O', 'Bengaluru', 'Bengaluru Urban', 'Karnataka', 12.9308, 77.5838],
  ['570001', 'Mysore H.O', 'Mysuru', 'Mysuru', 'Karnataka', 12.3100, 76.6520],
  ['575001', 'Mangalore H.O', 'Mangaluru', 'Dakshina Kannada', 'Karnataka', 12.8698, 74.8430],
  ['580020', 'Hubli H.O', 'Hubballi', 'Dharwad', 'Karnataka', 15.3647, 75.1240],
  ['590001', 'Belgaum H.O', 'Belagavi', 'Belagavi', 'Karnataka', 15.8497, 74.4977],
  // Kerala
  ['695001', 'Thiruvananthapuram G.P.O.', 'Thiruvananthapuram', 'Thiruvananthapuram', 'Kerala', 8.5005, 76.9490],
  ['682011', 'Ernakulam H.O', 'Kochi', 'Ernakulam', 'Kerala', 9.9800, 76.2820],
  ['673001', 'Kozhikode H.O', 'Kozhikode', 'Kozhikode', 'Kerala', 11.2588, 75.7804],
  ['680001', 'Thrissur H.O', 'Thrissur', 'Thrissur', 'Kerala', 10.5276, 76.2144],
  // Madhya Pradesh
  ['462001', 'Bhopal G.P.O.', 'Bhopal', 'Bhopal', 'Madhya Pradesh', 23.2600, 77.4000],
  ['452001', 'Indore G.P.O.', 'Indore', 'Indore', 'Madhya Pradesh', 22.7196, 75.8577],
  ['482001', 'Jabalpur H.O', 'Jabalpur', 'Jabalpur', 'Madhya Pradesh', 23.1815, 79.9864],
  ['474001', 'Gwalior H.O', 'Gwalior', 'Gwalior', 'Madhya Pradesh', 26.2183, 78.1828],
  // Maharashtra
  ['400001', 'Mumbai G.P.O.', 'Mumbai', 'Mumbai', 'Maharashtra', 18.9398, 72.8355],
  ['400050', 'Bandra West S.O', 'Mumbai', 'Mumbai Suburban', 'Maharashtra', 19.0596, 72.8295],
  ['400069', 'Andheri East S.O', 'Mumbai', 'Mumbai Suburban', 'Maharashtra', 19.1136, 72.8697],
  ['400601', 'Thane H.O', 'Thane', 'Thane', 'Maharashtra', 19.1943, 72.9702],
  ['400703', 'Vashi S.O', 'Navi Mumbai', 'Thane', 'Maharashtra', 19.0771, 72.9987],
  ['411001', 'Pune G.P.O.', 'Pune', 'Pune', 'Maharashtra', 18.5204, 73.8567],
  ['411004', 'Deccan Gymkhana S.O', 'Pune', 'Pune', 'Maharashtra', 18.5167, 73.8415],
  ['411011', 'Kasba Peth S.O', 'Pune', 'Pune', 'Maharashtra', 18.5225, 73.8595],
  ['411037', 'Market Yard S.O', 'Pune', 'Pune', 'Maharashtra', 18.4880, 73.8650],
  ['440001', 'Nagpur G.P.O.', 'Nagpur', 'Nagpur', 'Maharashtra', 21.1520, 79.0790],
  ['440012', 'Sitabuldi S.O', 'Nagpur', 'Nagpur', 'Maharashtra', 21.1450, 79.0820],
  ['422001', 'Nashik H.O', 'Nashik', 'Nashik', 'Maharashtra', 19.9975, 73.7898],
  ['431001', 'Aurangabad H.O', 'Chhatrapati Sambhajinagar', 'Chhatrapati Sambhajinagar', 'Maharashtra', 19.8762, 75.3433],
  ['416001', 'Kolhapur H.O', 'Kolhapur', 'Kolhapur', 'Maharashtra', 16.7050, 74.2433],
  // Manipur
  ['795001', 'Imphal H.O', 'Imphal', 'Imphal West', 'Manipur', 24.8170, 93.9368],
  // Meghalaya
  ['793001', 'Shillong G.P.O.', 'Shillong', 'East Khasi Hills', 'Meghalaya', 25.5788, 91.8933],
  // Mizoram
  ['796001', 'Aizawl H.O', 'Aizawl', 'Aizawl', 'Mizoram', 23.7271, 92.7176],
  // Nagaland
  ['797001', 'Kohima H.O', 'Kohima', 'Kohima', 'Nagaland', 25.6751, 94.1086],
  ['797112', 'Dimapur H.O', 'Dimapur', 'Dimapur', 'Nagaland', 25.9091, 93.7266],
  // Odisha
  ['751001', 'Bhubaneswar G.P.O.', 'Bhubaneswar', 'Khordha', 'Odisha', 20.2700, 85.8400],
  ['753001', 'Cuttack G.P.O.', 'Cuttack', 'Cuttack', 'Odisha', 20.4625, 85.8830],
  ['769001', 'Rourkela H.O', 'Rourkela', 'Sundargarh', 'Odisha', 22.2604, 84.8536],
  // Punjab
  ['141001', 'Ludhiana H.O', 'Ludhiana', 'Ludhiana', 'Punjab', 30.9010, 75.8573],
  ['143001', 'Amritsar H.O', 'Amritsar', 'Amritsar', 'Punjab', 31.6340, 74.8723],
  ['144001', 'Jalandhar City H.O', 'Jalandhar', 'Jalandhar', 'Punjab', 31.3260, 75.5762],
  ['147001', 'Patiala H.O', 'Patiala', 'Patiala', 'Punjab', 30.3398, 76.3869],
  // Rajasthan
  ['302001', 'Jaipur G.P.O.', 'Jaipur', 'Jaipur', 'Rajasthan', 26.9180, 75.8000],
  ['342001', 'Jodhpur H.O', 'Jodhpur', 'Jodhpur', 'Rajasthan', 26.2389, 73.0243],
  ['313001', 'Udaipur H.O', 'Udaipur', 'Udaipur', 'Rajasthan', 24.5854, 73.7125],
  ['324001', 'Kota H.O', 'Kota', 'Kota', 'Rajasthan', 25.2138, 75.8648],
  ['305001', 'Ajmer H.O', 'Ajmer', 'Ajmer', 'Rajasthan', 26.4499, 74.6399],
  // Sikkim
  ['737101', 'Gangtok H.O', 'Gangtok', 'Gangtok', 'Sikkim', 27.3389, 88.6065],
  // Tamil Nadu
  ['600001', 'Chennai G.P.O.', 'Chennai', 'Chennai', 'Tamil Nadu', 13.0900, 80.2900],
  ['600017', 'T Nagar S.O', 'Chennai', 'Chennai', 'Tamil Nadu', 13.0418, 80.2341],
  ['641001', 'Coimbatore H.O', 'Coimbatore', 'Coimbatore', 'Tamil Nadu', 11.0000, 76.9610],
  ['625001', 'Madurai H.O', 'Madurai', 'Madurai', 'Tamil Nadu', 9.9252, 78.1198],
  ['620001', 'Tiruchirappalli H.O', 'Tiruchirappalli', 'Tiruchirappalli', 'Tamil Nadu', 10.8150, 78.6900],
  ['636001', 'Salem H.O', 'Salem', 'Salem', 'Tamil Nadu', 11.6643, 78.1460],
  // Telangana
  ['500001', 'Hyderabad G.P.O.', 'Hyderabad', 'Hyderabad', 'Telangana', 17.3920, 78.4750],
  ['500003', 'Secunderabad H.O', 'Secunderabad', 'Hyderabad', 'Telangana', 17.4399, 78.4983],
  ['500034', 'Banjara Hills S.O', 'Hyderabad', 'Hyderabad', 'Telangana', 17.4156, 78.4347],
  ['506002', 'Warangal H.O', 'Warangal', 'Warangal', 'Telangana', 17.9689, 79.5941],
  // Tripura
  ['799001', 'Agartala H.O', 'Agartala', 'West Tripura', 'Tripura', 23.8315, 91.2868],
  // Uttar Pradesh
  ['226001', 'Lucknow G.P.O.', 'Lucknow', 'Lucknow', 'Uttar Pradesh', 26.8500, 80.9460],
  ['208001', 'Kanpur H.O', 'Kanpur', 'Kanpur Nagar', 'Uttar Pradesh', 26.4499, 80.3319],
  ['221001', 'Varanasi H.O', 'Varanasi', 'Varanasi', 'Uttar Pradesh', 25.3200, 82.9800],
  ['282001', 'Agra H.O', 'Agra', 'Agra', 'Uttar Pradesh', 27.1767, 78.0081],
  ['211001', 'Allahabad H.O', 'Prayagraj', 'Prayagraj', 'Uttar Pradesh', 25.4358, 81.8463],
  ['201301', 'Noida S.O', 'Noida', 'Gautam Buddha Nagar', 'Uttar Pradesh', 28.5800, 77.3200],
  ['201001', 'Ghaziabad H.O', 'Ghaziabad', 'Ghaziabad', 'Uttar Pradesh', 28.6692, 77.4538],
  ['250001', 'Meerut H.O', 'Meerut', 'Meerut', 'Uttar Pradesh', 28.9845, 77.7064],
  // Uttarakhand
  ['248001', 'Dehradun H.O', 'Dehradun', 'Dehradun', 'Uttarakhand', 30.3165, 78.0322],
  ['249401', 'Haridwar H.O', 'Haridwar', 'Haridwar', 'Uttarakhand', 29.9457, 78.1642],
  // West Bengal
  ['700001', 'Kolkata G.P.O.', 'Kolkata', 'Kolkata', 'West Bengal', 22.5726, 88.3509],
  ['700019', 'Ballygunge S.O', 'Kolkata', 'Kolkata', 'West Bengal', 22.5260, 88.3650],
  ['711101', 'Howrah H.O', 'Howrah', 'Howrah', 'West Bengal', 22.5890, 88.3100],
  ['734001', 'Siliguri H.O', 'Siliguri', 'Darjeeling', 'West Bengal', 26.7271, 88.3953],
  ['713201', 'Durgapur H.O', 'Durgapur', 'Paschim Bardhaman', 'West Bengal', 23.5204, 87.3119],
  // Union territories
  ['110001', 'New Delhi G.P.O.', 'New Delhi', 'New Delhi', 'Delhi', 28.6328, 77.2197],
  ['110006', 'Delhi G.P.O.', 'Delhi', 'Central Delhi', 'Delhi', 28.6560, 77.2300],
  ['110017', 'Malviya Nagar S.O', 'New Delhi', 'South Delhi', 'Delhi', 28.5355, 77.2100],
  ['110024', 'Lajpat Nagar S.O', 'New Delhi', 'South East Delhi', 'Delhi', 28.5677, 77.2433],
  ['160017', 'Chandigarh Sector 17 H.O', 'Chandigarh', 'Chandigarh', 'Chandigarh', 30.7398, 76.7827],
  ['190001', 'Srinagar G.P.O.', 'Srinagar', 'Srinagar', 'Jammu and Kashmir', 34.0720, 74.8150],
  ['180001', 'Jammu Tawi H.O', 'Jammu', 'Jammu', 'Jammu and Kashmir', 32.7300, 74.8600],
  ['194101', 'Leh H.O', 'Leh', 'Leh', 'Ladakh', 34.1526, 77.5771],
  ['605001', 'Pondicherry H.O', 'Puducherry', 'Puducherry', 'Puducherry', 11.9339, 79.8300],
  ['744101', 'Port Blair H.O', 'Port Blair', 'South Andaman', 'Andaman and Nicobar Islands', 11.6234, 92.7265],
  ['682555', 'Kavaratti S.O', 'Kavaratti', 'Lakshadweep', 'Lakshadweep', 10.5669, 72.6420],
  ['396230', 'Silvassa S.O', 'Silvassa', 'Dadra and Nagar Haveli', 'Dadra and Nagar Haveli and Daman and Diu', 20.2766, 73.0083],
  ['396210', 'Daman S.O', 'Daman', 'Daman', 'Dadra and Nagar Haveli and Daman and Diu', 20.4150, 72.8320],
];

export interface PincodePlace {
  pincode: string;
  office: string;
  city: string;
  district: string;
  state: string;
  latitude: number;
  longitude: number;
}

const BY_PINCODE = new Map<string, PincodePlace>(
  ROWS.map(([pincode, office, city, district, state, latitude, longitude]) => [
    pincode,
    { pincode, office, city, district, state, latitude, longitude },
  ]),
);

export function lookupPincode(pincode: string): PincodePlace | undefined {
  return BY_PINCODE.get(pincode);
}

export const PINCODE_COUNT = BY_PINCODE.size;
/** Every office in the dataset (the coordinates test walks them all). */
export const PINCODE_PLACES: readonly PincodePlace[] = [...BY_PINCODE.values()];
/** States and union territories the dataset covers (a test checks all 36 are there). */
export const PINCODE_STATES = new Set(ROWS.map((r) => r[4]));
