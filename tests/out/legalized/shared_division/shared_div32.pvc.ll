define dllexport void @shared_div32(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call <32 x i32> @llvm.genx.oword.ld.v32i32(i32 0, i32 %arg0, i32 0)
  %v1 = call <32 x i32> @llvm.genx.oword.ld.v32i32(i32 0, i32 %arg0, i32 8)
  %v2 = or <32 x i32> %v1, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v3 = call <32 x i32> @__genxc_udiv_i32_x32(<32 x i32> %v0, <32 x i32> %v2)
  %v24 = mul <32 x i32> %v3, %v2
  %v4 = sub <32 x i32> %v0, %v24
  %v25 = ashr <32 x i32> %v3, <i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31>
  %v26 = xor <32 x i32> %v3, %v25
  %v27 = sub <32 x i32> %v26, %v25
  %v28 = ashr <32 x i32> %v2, <i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31>
  %v29 = xor <32 x i32> %v2, %v28
  %v30 = sub <32 x i32> %v29, %v28
  %v31 = call <32 x i32> @__genxc_udiv_i32_x32(<32 x i32> %v27, <32 x i32> %v30)
  %v32 = mul <32 x i32> %v31, %v30
  %v33 = sub <32 x i32> %v27, %v32
  %v34 = xor <32 x i32> %v33, %v25
  %v5 = sub <32 x i32> %v34, %v25
  %v6 = add <32 x i32> %v4, %v5
  call void @llvm.genx.oword.st.v32i32(i32 %arg0, i32 16, <32 x i32> %v6)
  %v8 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v0, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v9 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %v35 = ashr <8 x i32> %v8, <i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31>
  %v36 = xor <8 x i32> %v8, %v35
  %v37 = sub <8 x i32> %v36, %v35
  %v38 = ashr <8 x i32> %v9, <i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31>
  %v39 = xor <8 x i32> %v9, %v38
  %v40 = sub <8 x i32> %v39, %v38
  %v41 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.i1(<32 x i32> undef, <8 x i32> %v37, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v42 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.i1(<32 x i32> undef, <8 x i32> %v40, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v43 = call <32 x i32> @__genxc_udiv_i32_x32(<32 x i32> %v41, <32 x i32> %v42)
  %v44 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v43, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v45 = xor <8 x i32> %v35, %v38
  %v46 = xor <8 x i32> %v44, %v45
  %v10 = sub <8 x i32> %v46, %v45
  %v11 = or i32 %arg1, 1
  %v47 = call <32 x i32> @llvm.genx.wrregioni.v32i32.i32.i16.i1(<32 x i32> undef, i32 %arg1, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v48 = call <32 x i32> @llvm.genx.wrregioni.v32i32.i32.i16.i1(<32 x i32> undef, i32 %v11, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v49 = call <32 x i32> @__genxc_udiv_i32_x32(<32 x i32> %v47, <32 x i32> %v48)
  %v50 = call i32 @llvm.genx.rdregioni.i32.v32i32.i16(<32 x i32> %v49, i32 0, i32 1, i32 1, i16 0, i32 undef)
  %v51 = ashr i32 %arg1, 31
  %v52 = xor i32 %arg1, %v51
  %v53 = sub i32 %v52, %v51
  %v54 = call <32 x i32> @llvm.genx.wrregioni.v32i32.i32.i16.i1(<32 x i32> undef, i32 %v53, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v55 = call <32 x i32> @llvm.genx.wrregioni.v32i32.i32.i16.i1(<32 x i32> undef, i32 7, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v56 = call <32 x i32> @__genxc_udiv_i32_x32(<32 x i32> %v54, <32 x i32> %v55)
  %v57 = call i32 @llvm.genx.rdregioni.i32.v32i32.i16(<32 x i32> %v56, i32 0, i32 1, i32 1, i16 0, i32 undef)
  %v58 = mul i32 %v57, 7
  %v59 = sub i32 %v53, %v58
  %v60 = xor i32 %v59, %v51
  %v13 = sub i32 %v60, %v51
  %v14 = add i32 %v50, %v13
  %v15 = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> undef, i32 %v14, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v16 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32> %v15, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v17 = add <8 x i32> %v10, %v16
  %v18 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.i1(<32 x i32> %v6, <8 x i32> %v17, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v19 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v18, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v20 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v21 = call <16 x i32> @bucket(<16 x i32> %v19, <16 x i32> %v20)
  call void @llvm.genx.oword.st.v32i32(i32 %arg0, i32 24, <32 x i32> %v18)
  call void @llvm.genx.oword.st.v16i32(i32 %arg0, i32 32, <16 x i32> %v21)
  ret void
}

define internal <16 x i32> @bucket(<16 x i32> %arg0, <16 x i32> %arg1) {
bb0:
  %v2 = ashr <16 x i32> %arg0, <i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31>
  %v3 = xor <16 x i32> %arg0, %v2
  %v4 = sub <16 x i32> %v3, %v2
  %v5 = ashr <16 x i32> %arg1, <i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31>
  %v6 = xor <16 x i32> %arg1, %v5
  %v7 = sub <16 x i32> %v6, %v5
  %v8 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v4, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v9 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v7, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v10 = call <32 x i32> @__genxc_udiv_i32_x32(<32 x i32> %v8, <32 x i32> %v9)
  %v11 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v10, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v12 = xor <16 x i32> %v2, %v5
  %v13 = xor <16 x i32> %v11, %v12
  %v0 = sub <16 x i32> %v13, %v12
  %v1 = add <16 x i32> %v0, %arg1
  ret <16 x i32> %v1
}

define internal <32 x i32> @__genxc_udiv_i32_x32(<32 x i32> %arg0, <32 x i32> %arg1) {
bb0:
  %v0 = udiv <32 x i32> %arg0, %arg1
  ret <32 x i32> %v0
}

declare <32 x i32> @llvm.genx.oword.ld.v32i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)
declare void @llvm.genx.oword.st.v32i32(i32, i32, <32 x i32>)
declare i32 @llvm.genx.rdregioni.i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.i32.i16.i1(<32 x i32>, i32, i32, i32, i32, i16, i32, i1)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32>, <16 x i32>, i32, i32, i32, i16, i32, i1)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.i1(<32 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32>, i32, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @shared_div32, !"shared_div32", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 128, i32 132}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_write", !""}
