define dllexport void @simd_if(i32 %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 3
  %v2 = call <32 x i32> @llvm.genx.oword.ld.v32i32(i32 0, i32 %arg0, i32 %v1)
  %v20 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 8, i32 2, i16 0, i32 undef)
  %v21 = icmp sgt <8 x i32> %v20, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v22 = call <16 x i1> @llvm.genx.wrpredregion.v16i1.v16i1.v8i1(<16 x i1> undef, <8 x i1> %v21, i32 0)
  %v23 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 8, i32 2, i16 64, i32 undef)
  %v24 = icmp sgt <8 x i32> %v23, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v25 = call <16 x i1> @llvm.genx.wrpredregion.v16i1.v16i1.v8i1(<16 x i1> %v22, <8 x i1> %v24, i32 8)
  %v5 = xor <16 x i1> %v25, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v6 = xor <16 x i1> %v5, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v7 = call { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <16 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, <16 x i1> %v6)
  %v8 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v7, 0
  %v9 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v7, 1
  %v10 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v7, 2
  br i1 %v10, label %bb2, label %bb1
bb1:
  %v13 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v8, i32 0)
  %v26 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 8, i32 2, i16 0, i32 undef)
  %v27 = shl <8 x i32> %v26, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v28 = call <8 x i1> @llvm.genx.rdpredregion.v8i1.v16i1(<16 x i1> %v13, i32 0)
  %v29 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.v8i1(<32 x i32> %v2, <8 x i32> %v27, i32 0, i32 8, i32 2, i16 0, i32 undef, <8 x i1> %v28)
  %v30 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v29, i32 0, i32 8, i32 2, i16 64, i32 undef)
  %v31 = shl <8 x i32> %v30, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v32 = call <8 x i1> @llvm.genx.rdpredregion.v8i1.v16i1(<16 x i1> %v13, i32 8)
  %v33 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.v8i1(<32 x i32> %v29, <8 x i32> %v31, i32 0, i32 8, i32 2, i16 64, i32 undef, <8 x i1> %v32)
  br label %bb2
bb2:
  %v15 = phi <32 x i32> [ %v2, %bb0 ], [ %v33, %bb1 ]
  %v16 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1> %v8, <16 x i1> %v9)
  %v17 = extractvalue { <32 x i1>, i1 } %v16, 0
  %v18 = extractvalue { <32 x i1>, i1 } %v16, 1
  br label %bb3
bb3:
  call void @llvm.genx.oword.st.v32i32(i32 %arg0, i32 %v1, <32 x i32> %v15)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <32 x i32> @llvm.genx.oword.ld.v32i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v32i32(i32, i32, <32 x i32>)
declare <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1>, i32)
declare <8 x i1> @llvm.genx.rdpredregion.v8i1.v16i1(<16 x i1>, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1>, <16 x i1>, <16 x i1>)
declare { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1>, <16 x i1>)
declare <16 x i1> @llvm.genx.wrpredregion.v16i1.v16i1.v8i1(<16 x i1>, <8 x i1>, i32)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.v8i1(<32 x i32>, <8 x i32>, i32, i32, i32, i16, i32, <8 x i1>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @simd_if, !"simd_if", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 64}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
