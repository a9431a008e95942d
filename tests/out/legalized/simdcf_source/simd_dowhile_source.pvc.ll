define dllexport void @simd_dowhile_source(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %arg0, i32 %v1)
  br label %bb1
bb1:
  %v3 = phi <16 x i1> [ <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, %bb0 ], [ %v19, %bb2 ]
  %v4 = phi <32 x i1> [ <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, %bb0 ], [ %v18, %bb2 ]
  %v5 = phi <16 x i32> [ undef, %bb0 ], [ %v11, %bb2 ]
  %v6 = phi <16 x i32> [ <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>, %bb0 ], [ %v16, %bb2 ]
  %v7 = phi <16 x i32> [ %v2, %bb0 ], [ %v14, %bb2 ]
  %v8 = sub <16 x i32> %v7, <i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3>
  %v9 = add <16 x i32> %v6, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v10 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v4, i32 0)
  %v11 = select <16 x i1> %v10, <16 x i32> %v9, <16 x i32> %v5
  %v12 = icmp sgt <16 x i32> %v8, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v13 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v4, i32 0)
  %v14 = select <16 x i1> %v13, <16 x i32> %v8, <16 x i32> %v7
  %v15 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v4, i32 0)
  %v16 = select <16 x i1> %v15, <16 x i32> %v9, <16 x i32> %v6
  %v17 = call { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1> %v4, <16 x i1> %v3, <16 x i1> %v12)
  %v18 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v17, 0
  %v19 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v17, 1
  %v20 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v17, 2
  br i1 %v20, label %bb3, label %bb2
bb2:
  br label %bb1
bb3:
  %v21 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1> %v18, <16 x i1> %v19)
  %v22 = extractvalue { <32 x i1>, i1 } %v21, 0
  %v23 = extractvalue { <32 x i1>, i1 } %v21, 1
  call void @llvm.genx.oword.st.v16i32(i32 %arg1, i32 %v1, <16 x i32> %v11)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)
declare <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1>, i32)
declare { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1>, <16 x i1>, <16 x i1>)
declare { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1>, <16 x i1>)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @simd_dowhile_source, !"simd_dowhile_source", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2}
!2 = !{i32 128, i32 132}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t write_only"}
